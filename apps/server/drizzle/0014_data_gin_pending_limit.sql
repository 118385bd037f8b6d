-- Generated as DROP + CREATE; an in-place ALTER gives the same index without rebuilding it.
ALTER INDEX "data_items_data_gin" SET (gin_pending_list_limit=512);--> statement-breakpoint
ALTER INDEX "data_items_search_gin" SET (gin_pending_list_limit=512);
