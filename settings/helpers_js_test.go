//go:build js

package settings

import (
	"testing"
	"time"
)

// failDisk makes every write of the browser's storage fail as a full one
// does, with the QuotaExceededError a browser gives.
func failDisk(t *testing.T) {
	t.Helper()
	disk.(*idbFS).js().Set("fault", "QuotaExceededError")
	t.Cleanup(healDisk)
}

// healDisk undoes failDisk.
func healDisk() { disk.(*idbFS).js().Set("fault", "") }

// failRename makes every write fail as IndexedDB does when a transaction
// is aborted for another reason than the quota.
func failRename(t *testing.T) {
	t.Helper()
	disk.(*idbFS).js().Set("fault", "UnknownError")
	t.Cleanup(healDisk)
}

// setModTime sets a file's modification time.
func setModTime(t *testing.T, path string, mtime time.Time) {
	t.Helper()
	if _, err := await(disk.(*idbFS).js().Call("setTime", clean(path), float64(mtime.UnixMilli()))); err != nil {
		t.Fatal(err)
	}
}
