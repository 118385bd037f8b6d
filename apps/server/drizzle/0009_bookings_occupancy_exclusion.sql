-- No double booking, enforced by the database: a staff member or resource never holds two overlapping
-- active bookings unless the business explicitly confirmed one as double booked. The constraint is
-- checked at insert time in every process, so concurrent requests on any number of servers cannot both
-- commit an overlapping hold (the second one fails with 23P01, answered as 409 SLOT_UNAVAILABLE).
-- Ranges are half-open, so back-to-back bookings (10:00-11:00, 11:00-12:00) do not overlap.
ALTER TABLE "bookings_occupancy" ADD CONSTRAINT "bookings_occupancy_no_overlap"
  EXCLUDE USING gist (
    "site_id" WITH =,
    "holder_id" WITH =,
    tstzrange("start_date", "end_date", '[)') WITH &&
  ) WHERE ("active" AND NOT "double_booked");
