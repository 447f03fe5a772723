// Command plugin is the Tabula match handler as a Nakama Go plugin
// (bin/tabula.so), loaded by the nakama binary built from this module.
package main

import (
	"context"
	"database/sql"

	"github.com/heroiclabs/nakama-common/runtime"
)

// InitModule is what Nakama calls when it loads the plugin.
func InitModule(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, initializer runtime.Initializer) error {
	return nil
}
