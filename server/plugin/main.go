// Command plugin is the Tabula match handler as a Nakama Go plugin
// (bin/tabula.so), loaded by the nakama binary built from this module
// (scripts/server.sh build: one module graph, one toolchain, -trimpath,
// or Nakama refuses the plugin).
package main

import (
	"context"
	"database/sql"

	"github.com/heroiclabs/nakama-common/runtime"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/server/adapter"
)

// InitModule is what Nakama calls when it loads the plugin: it registers
// the match handler and the two RPCs of online/protocol.
func InitModule(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, initializer runtime.Initializer) error {
	if err := initializer.RegisterMatch(protocol.MatchModule, adapter.NewMatch); err != nil {
		return err
	}
	if err := initializer.RegisterRpc(protocol.RPCCreate, adapter.Create); err != nil {
		return err
	}
	if err := initializer.RegisterRpc(protocol.RPCFind, adapter.Find); err != nil {
		return err
	}
	logger.Info("Tabula: match handler %q, RPCs %s and %s (protocol %d)", protocol.MatchModule, protocol.RPCCreate, protocol.RPCFind, protocol.Version)
	return nil
}
