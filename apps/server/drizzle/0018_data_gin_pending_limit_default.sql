-- Generated as DROP + CREATE; an in-place ALTER gives the same index without rebuilding it. A job now merges
-- the pending list soon after writes (data/index-upkeep.ts), so lookups no longer pay for a long list and
-- the data index goes back to the default 4 MB, which lets bulk inserts merge less often themselves.
ALTER INDEX "data_items_data_gin" RESET (gin_pending_list_limit);
