package adapter

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/heroiclabs/nakama-common/runtime"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/online/referee"
)

// gRPC status codes Nakama turns into HTTP statuses for the client.
const (
	codeInvalid         = 3  // 400
	codeNotFound        = 5  // 404
	codeInternal        = 13 // 500
	codeUnauthenticated = 16 // 401
)

// codeTries is how many codes the create RPC draws before it gives up:
// with 25^6 codes a collision is rare, ten in a row means something else
// is wrong.
const codeTries = 10

// newCode draws an invitation code; a variable so a test can make codes
// collide.
var newCode = protocol.NewCode

// newSeed draws the seed of a new match.
func newSeed() (int64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1), nil
}

// caller is the user an RPC runs for: a client's RPC always has one.
func caller(ctx context.Context) (id, name string, err error) {
	id, _ = ctx.Value(runtime.RUNTIME_CTX_USER_ID).(string)
	name, _ = ctx.Value(runtime.RUNTIME_CTX_USERNAME).(string)
	if id == "" {
		return "", "", runtime.NewError("sign in to the server first", codeUnauthenticated)
	}
	return id, name, nil
}

// Create is the RPC protocol.RPCCreate: a CreateRequest in, the
// Invitation of the new match out, with the caller in its seat.
func Create(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, payload string) (string, error) {
	userID, name, err := caller(ctx)
	if err != nil {
		return "", err
	}
	var req protocol.CreateRequest
	if err := protocol.Decode([]byte(payload), &req); err != nil {
		return "", runtime.NewError(err.Error(), codeInvalid)
	}
	seed, err := newSeed()
	if err != nil {
		return "", runtime.NewError("the server cannot draw a seed", codeInternal)
	}
	mine := -1
	if req.Mine != nil {
		mine = *req.Mine
	}
	var code, version string
	for try := 0; ; try++ {
		if try == codeTries {
			return "", runtime.NewError("the server found no free invitation code: try again", codeInternal)
		}
		if code, err = newCode(); err != nil {
			return "", runtime.NewError("the server cannot draw an invitation code", codeInternal)
		}
		ref, err := referee.New(referee.Config{
			Code:     code,
			Game:     req.Game,
			Rules:    req.Rules,
			Seed:     seed,
			Seats:    req.Seats,
			TickRate: envInt(ctx, EnvTickRate, DefaultTickRate, 1, 60),
			Hints:    req.Hints,
		})
		if err != nil {
			return "", runtime.NewError(err.Error(), codeInvalid)
		}
		err = ref.Claim(userID, name, mine)
		var snap []byte
		if err == nil {
			snap, err = ref.Snapshot()
		}
		ref.Close()
		if err != nil {
			return "", runtime.NewError(err.Error(), codeInvalid)
		}
		// "*": written only if no match has this code yet.
		version, err = writeStored(ctx, nk, code, &stored{Snapshot: snap}, "*")
		if err == nil {
			break
		}
		if !errors.Is(err, errTaken) {
			logger.Error("create: cannot store match %s: %v", code, err)
			return "", runtime.NewError("the server cannot store the match", codeInternal)
		}
	}
	matchID, err := nk.MatchCreate(ctx, protocol.MatchModule, map[string]interface{}{ParamCode: code, ParamVersion: version})
	if err != nil {
		logger.Error("create: cannot start match %s: %v", code, err)
		return "", runtime.NewError("the server cannot start the match", codeInternal)
	}
	answer, err := invite(ctx, nk, matchID, userID)
	if err != nil {
		logger.Error("create: match %s does not answer: %v", code, err)
		return "", runtime.NewError("the server cannot start the match", codeInternal)
	}
	return answer, nil
}

// finding holds a *sync.Mutex per code that Find has been asked for.
var finding sync.Map

// Find is the RPC protocol.RPCFind: a FindRequest in, the Invitation of
// the match with that code out; a stored match that no longer runs is
// started again.
func Find(ctx context.Context, logger runtime.Logger, db *sql.DB, nk runtime.NakamaModule, payload string) (string, error) {
	userID, _, err := caller(ctx)
	if err != nil {
		return "", err
	}
	var req protocol.FindRequest
	if err := protocol.Decode([]byte(payload), &req); err != nil {
		return "", runtime.NewError(err.Error(), codeInvalid)
	}
	code, err := protocol.NormalizeCode(req.Code)
	if err != nil {
		return "", runtime.NewError(err.Error(), codeInvalid)
	}
	// One find of a code at a time in this server: a second find that
	// came while the first was starting the stored match would see the
	// new match id stored before that match answers, and start it a
	// second time (two matches of one game, each with one player; seen
	// in server/e2e TestKilledMidGame).
	mu, _ := finding.LoadOrStore(code, new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	obj, version, err := readStored(ctx, nk, code)
	if err != nil {
		logger.Error("find %s: %v", code, err)
		return "", runtime.NewError("the server cannot read its matches", codeInternal)
	}
	if obj == nil {
		return "", runtime.NewError(fmt.Sprintf("there is no game with the code %s on this server", code), codeNotFound)
	}
	if obj.MatchID != "" {
		if answer, err := invite(ctx, nk, obj.MatchID, userID); err == nil {
			return answer, nil
		}
	}
	// Not running: start it from the store. If another call started it
	// meanwhile, this start is refused and that match is the answer.
	matchID, err := nk.MatchCreate(ctx, protocol.MatchModule, map[string]interface{}{ParamCode: code, ParamVersion: version})
	if err != nil {
		obj, _, rerr := readStored(ctx, nk, code)
		if rerr == nil && obj != nil && obj.MatchID != "" {
			if answer, ierr := invite(ctx, nk, obj.MatchID, userID); ierr == nil {
				return answer, nil
			}
		}
		logger.Error("find %s: cannot restart the match: %v", code, err)
		return "", runtime.NewError("the server cannot start the game again", codeInternal)
	}
	answer, err := invite(ctx, nk, matchID, userID)
	if err != nil {
		logger.Error("find %s: the restarted match does not answer: %v", code, err)
		return "", runtime.NewError("the server cannot start the game again", codeInternal)
	}
	return answer, nil
}

// invite asks the running match for the user's invitation.
func invite(ctx context.Context, nk runtime.NakamaModule, matchID, userID string) (string, error) {
	answer, err := nk.MatchSignal(ctx, matchID, SignalInvitation+userID)
	if err != nil {
		return "", err
	}
	inv, err := decodeInvitation(answer)
	if err != nil || inv.MatchID == "" {
		return "", errors.New("the match did not answer")
	}
	b, err := json.Marshal(inv)
	return string(b), err
}
