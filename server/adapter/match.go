// Package adapter runs Tabula matches inside Nakama: a runtime.Match that
// wraps one referee.Referee, and the RPCs that create a match and find one
// by its invitation code.
//
// The referee does the whole game; this package only carries messages
// between it and Nakama, stores the match after every change, and starts
// a stored match again when someone looks for it after it stopped (the
// server was restarted, or everyone left for a while).
//
// Every match lives in storage as one object of the system user: the
// collection "tabula_matches", key = the invitation code, value = the
// referee's Snapshot and the id of the match that runs it. Clients can
// neither read nor write it (the snapshot holds every hidden pick).
package adapter

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/heroiclabs/nakama-common/runtime"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/online/referee"
)

// Collection is the storage collection of stored matches.
const Collection = "tabula_matches"

// Settings from Nakama's runtime env (server/tabula.yml, runtime.env).
const (
	// EnvIdleSeconds: a match nobody is connected to stops after this many
	// seconds (it stays stored and restarts on its code).
	EnvIdleSeconds = "tabula_idle_seconds"
	// EnvTickRate: match loop ticks per second (1..60).
	EnvTickRate = "tabula_tick_rate"

	DefaultIdleSeconds = 600
	DefaultTickRate    = 10
)

// Params keys of MatchCreate: the match starts from the stored object of
// Code, which must still be at Version (so two starts of one stored match
// cannot both run it).
const (
	ParamCode    = "code"
	ParamVersion = "version"
)

// Signal asking a match for the invitation of a user (MatchSignal data is
// SignalInvitation + user id; the answer is a protocol.Invitation as JSON).
const SignalInvitation = "invitation:"

// stored is the value of a match's storage object.
type stored struct {
	MatchID  string          `json:"matchId"`
	Snapshot json.RawMessage `json:"snapshot"`
}

// state is a running match: the referee and who is connected.
type state struct {
	ref     *referee.Referee
	matchID string
	// presences: each connected user's presence (the latest session: a
	// client that reconnects may join again before its old session leaves).
	presences map[string]runtime.Presence
	idleTicks int  // ticks in a row with nobody connected
	maxIdle   int  // idleTicks at which the match stops
	joined    bool // someone joined this run of the match
}

// Match is the runtime.Match of a Tabula match.
type Match struct{}

// NewMatch is registered with initializer.RegisterMatch.
func NewMatch(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule) (runtime.Match, error) {
	return &Match{}, nil
}

// envInt reads an integer setting of Nakama's runtime env.
func envInt(ctx context.Context, key string, def, min, max int) int {
	env, _ := ctx.Value(runtime.RUNTIME_CTX_ENV).(map[string]string)
	v, err := strconv.Atoi(env[key])
	if err != nil || v < min || v > max {
		return def
	}
	return v
}

// MatchInit starts the match from its stored object (written by the
// create RPC, or by an earlier run of the match) and records the new
// match id in it. It returns a nil state (no match) when the object has
// changed since the caller read it: another start won the race.
func (m *Match) MatchInit(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, params map[string]interface{}) (interface{}, int, string) {
	code, _ := params[ParamCode].(string)
	version, _ := params[ParamVersion].(string)
	matchID, _ := ctx.Value(runtime.RUNTIME_CTX_MATCH_ID).(string)
	obj, ver, err := readStored(ctx, nk, code)
	if err != nil || obj == nil {
		logger.Error("match %s: cannot read the stored match: %v", code, err)
		return nil, DefaultTickRate, ""
	}
	if version != "" && ver != version {
		logger.Info("match %s: started elsewhere meanwhile", code)
		return nil, DefaultTickRate, ""
	}
	ref, err := referee.Restore(obj.Snapshot)
	if err != nil {
		logger.Error("match %s: cannot restore: %v", code, err)
		return nil, DefaultTickRate, ""
	}
	obj.MatchID = matchID
	if _, err := writeStored(ctx, nk, code, obj, version); err != nil {
		logger.Info("match %s: not started, the stored match changed meanwhile: %v", code, err)
		ref.Close()
		return nil, DefaultTickRate, ""
	}
	tickRate := ref.TickRate()
	if tickRate < 1 || tickRate > 60 {
		tickRate = DefaultTickRate
	}
	s := &state{
		ref:       ref,
		matchID:   matchID,
		presences: map[string]runtime.Presence{},
		maxIdle:   envInt(ctx, EnvIdleSeconds, DefaultIdleSeconds, 1, 1<<30) * tickRate,
	}
	label, _ := json.Marshal(map[string]string{"code": ref.Code(), "game": ref.Game()})
	return s, tickRate, string(label)
}

// MatchJoinAttempt lets a user in when the referee has a seat for them
// (their own, or a free person seat) and they speak our protocol; the
// refusal is in words, for the client to show.
func (m *Match) MatchJoinAttempt(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, presence runtime.Presence, metadata map[string]string) (interface{}, bool, string) {
	s := st.(*state)
	if _, err := s.ref.CanJoin(presence.GetUserId(), metadata); err != nil {
		return s, false, err.Error()
	}
	return s, true, ""
}

// MatchJoin tells the referee who joined; it queues their full update.
func (m *Match) MatchJoin(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, presences []runtime.Presence) interface{} {
	s := st.(*state)
	for _, p := range presences {
		s.presences[p.GetUserId()] = p
		s.ref.Join(p.GetUserId(), p.GetUsername())
	}
	s.idleTicks = 0
	s.joined = s.joined || len(presences) > 0
	s.flush(ctx, logger, nk, dispatcher)
	return s
}

// MatchLeave tells the referee who dropped; their seat stays theirs.
func (m *Match) MatchLeave(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, presences []runtime.Presence) interface{} {
	s := st.(*state)
	for _, p := range presences {
		cur, ok := s.presences[p.GetUserId()]
		if !ok || cur.GetSessionId() != p.GetSessionId() {
			continue // an old session of a user who is back already
		}
		delete(s.presences, p.GetUserId())
		s.ref.Leave(p.GetUserId())
	}
	s.flush(ctx, logger, nk, dispatcher)
	return s
}

// MatchLoop feeds the tick's messages to the referee, lets it tick (clock,
// bots), sends what it has to say and stores the match when it changed.
// It ends the match (nil) once the game is over and everyone left, or
// when nobody has been connected for the idle time. (A finished game that
// a find restarted waits the idle time for its players to look at it.)
func (m *Match) MatchLoop(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, messages []runtime.MatchData) interface{} {
	s := st.(*state)
	for _, msg := range messages {
		s.ref.Handle(msg.GetUserId(), msg.GetOpCode(), msg.GetData())
	}
	s.ref.Tick()
	s.flush(ctx, logger, nk, dispatcher)
	if len(s.presences) > 0 {
		s.idleTicks = 0
		return s
	}
	s.idleTicks++
	if (s.ref.Over() && s.joined) || s.idleTicks >= s.maxIdle {
		s.ref.Close()
		return nil
	}
	return s
}

// MatchTerminate: the server shuts down; the match is stored already
// (after every change), once more in case.
func (m *Match) MatchTerminate(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, graceSeconds int) interface{} {
	s := st.(*state)
	s.flush(ctx, logger, nk, dispatcher)
	s.ref.Close()
	return s
}

// MatchSignal answers SignalInvitation: the invitation of a user, as JSON.
func (m *Match) MatchSignal(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher, tick int64, st interface{}, data string) (interface{}, string) {
	s := st.(*state)
	if len(data) > len(SignalInvitation) && data[:len(SignalInvitation)] == SignalInvitation {
		inv := s.ref.Invitation(data[len(SignalInvitation):])
		inv.MatchID = s.matchID
		b, err := json.Marshal(inv)
		if err != nil {
			return s, ""
		}
		return s, string(b)
	}
	return s, ""
}

// flush stores the match when it changed, then sends the referee's
// outbox to the users who are connected (the others get the whole game
// when they join again). Stored first: whatever a player has seen
// survives a restart that comes right after.
func (s *state) flush(ctx context.Context, logger runtime.Logger, nk runtime.NakamaModule, dispatcher runtime.MatchDispatcher) {
	outbox := s.ref.Outbox()
	if s.ref.Changed() {
		s.store(ctx, logger, nk)
	}
	for _, out := range outbox {
		to := make([]runtime.Presence, 0, len(out.UserIDs))
		for _, id := range out.UserIDs {
			if p, ok := s.presences[id]; ok {
				to = append(to, p)
			}
		}
		if len(to) == 0 {
			continue
		}
		if err := dispatcher.BroadcastMessage(out.Op, out.Data, to, nil, true); err != nil {
			logger.Error("match %s: cannot send op %d: %v", s.ref.Code(), out.Op, err)
		}
	}
}

// store writes the referee's snapshot. The match's context is cancelled
// when the server shuts down, which is exactly when the last write must
// still happen: the write does not inherit the cancellation.
func (s *state) store(ctx context.Context, logger runtime.Logger, nk runtime.NakamaModule) {
	snap, err := s.ref.Snapshot()
	if err != nil {
		logger.Error("match %s: cannot snapshot: %v", s.ref.Code(), err)
		return
	}
	if _, err := writeStored(context.WithoutCancel(ctx), nk, s.ref.Code(), &stored{MatchID: s.matchID, Snapshot: snap}, ""); err != nil {
		logger.Error("match %s: cannot store: %v", s.ref.Code(), err)
	}
}

// readStored reads the stored match of code: nil when there is none.
func readStored(ctx context.Context, nk runtime.NakamaModule, code string) (*stored, string, error) {
	objs, err := nk.StorageRead(ctx, []*runtime.StorageRead{{Collection: Collection, Key: code}})
	if err != nil {
		return nil, "", err
	}
	if len(objs) == 0 {
		return nil, "", nil
	}
	var s stored
	if err := json.Unmarshal([]byte(objs[0].GetValue()), &s); err != nil {
		return nil, "", fmt.Errorf("the stored match %s is not readable: %w", code, err)
	}
	return &s, objs[0].GetVersion(), nil
}

// errTaken: the conditional write found another version.
var errTaken = errors.New("the stored match changed meanwhile")

// writeStored writes the match of code. version "" writes whatever is
// there; "*" only when nothing is; otherwise only over that version.
func writeStored(ctx context.Context, nk runtime.NakamaModule, code string, s *stored, version string) (string, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	acks, err := nk.StorageWrite(ctx, []*runtime.StorageWrite{{
		Collection:      Collection,
		Key:             code,
		Value:           string(b),
		Version:         version,
		PermissionRead:  0, // nobody but the server: the snapshot holds hidden picks
		PermissionWrite: 0,
	}})
	if err != nil {
		if version != "" {
			return "", fmt.Errorf("%w: %v", errTaken, err)
		}
		return "", err
	}
	if len(acks) == 0 {
		return "", errors.New("the store did not answer")
	}
	return acks[0].GetVersion(), nil
}

// Invitation reads the answer of SignalInvitation.
func decodeInvitation(s string) (protocol.Invitation, error) {
	var inv protocol.Invitation
	err := json.Unmarshal([]byte(s), &inv)
	return inv, err
}
