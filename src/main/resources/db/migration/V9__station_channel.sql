-- A station's radio channel (results.md stations[].channel): null for stations without snrDb or distanceM.
ALTER TABLE result_stations ADD COLUMN snr_db DOUBLE PRECISION;
ALTER TABLE result_stations ADD COLUMN mean_snr_db DOUBLE PRECISION;
ALTER TABLE result_stations ADD COLUMN uplink_snr_db DOUBLE PRECISION;
ALTER TABLE result_stations ADD COLUMN mean_uplink_snr_db DOUBLE PRECISION;
ALTER TABLE result_stations ADD COLUMN mpdu_error_rate DOUBLE PRECISION;
