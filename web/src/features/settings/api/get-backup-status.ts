import { queryOptions, useQuery } from "@tanstack/react-query";
import { BackupStatus } from "@domain/contracts/backups";
import { get } from "../../../api/http";
import { settingsKeys } from "./keys";

const getBackupStatus = async () => BackupStatus.parse(await get("/backups/"));

const backupStatusOptions = () => queryOptions({ queryKey: settingsKeys.backups, queryFn: getBackupStatus });

/** The last backup, a failure after it, and the schedule. */
export const useBackupStatus = () => useQuery(backupStatusOptions());
