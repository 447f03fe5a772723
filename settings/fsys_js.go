//go:build js

package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"
	"syscall/js"
	"time"
)

// disk is where the files are: a browser has no file system, so every
// file is a record of the page's IndexedDB.
var disk fileSystem = &idbFS{}

// idbFS keeps the files in IndexedDB. It reads through to the database
// every time (no cache), so a second tab sees what the first one wrote.
// Its calls wait for JavaScript promises, so they must run on a goroutine
// that is not inside a js.FuncOf callback (Fyne runs the app's code on its
// main loop, and the ui package writes on its disk queue: both qualify);
// WriteNow alone may be called inside one (its wait may not).
type idbFS struct {
	once  sync.Once
	h     js.Value
	err   error // the JavaScript half could not be made
	mu    sync.Mutex
	locks map[string]*sync.Mutex
}

// js gives the JavaScript half, web/idbfs.js: the global tabulaIDB it
// defines. The page loads that file before the wasm (index.html), and the
// tests under Node load it with --require (make test-web-store); it is
// not evaluated from here, so the page's Content-Security-Policy needs no
// 'unsafe-eval'.
func (d *idbFS) js() js.Value {
	d.once.Do(func() {
		d.h = js.Global().Get("tabulaIDB")
		if d.h.Type() != js.TypeObject {
			d.err = errors.New("the page's storage cannot start: its script (idbfs.js) was not loaded; reload the page")
		}
	})
	return d.h
}

// await waits for a promise and gives its value, or its rejection as an
// error.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{v: arg0(args)}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: jsError(arg0(args))}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-done
	return r.v, r.err
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// domError is a JavaScript exception (a DOMException, mostly).
type domError struct{ name, message string }

func (e *domError) Error() string {
	if e.name == "QuotaExceededError" {
		return ErrStorageFull.Error() + ": delete saved games you no longer need, or let this site keep more data"
	}
	return "the browser's storage failed (" + e.name + ": " + e.message + ")"
}

func (e *domError) Is(target error) bool {
	return e.name == "QuotaExceededError" && (target == ErrStorageFull || target == syscall.ENOSPC)
}

func jsError(v js.Value) error {
	if v.Type() != js.TypeObject {
		return &domError{name: "Error", message: v.String()}
	}
	name, msg := v.Get("name"), v.Get("message")
	e := &domError{name: "Error", message: v.Call("toString").String()}
	if name.Type() == js.TypeString {
		e.name = name.String()
	}
	if msg.Type() == js.TypeString {
		e.message = msg.String()
	}
	return e
}

// clean makes a key of a path: slash-separated and absolute, so that one
// file has one key.
func clean(p string) string { return path.Clean("/" + strings.ReplaceAll(p, "\\", "/")) }

// notExist is the error of a missing file. Errors name the file alone: the
// path is a key of the page's storage, no place a player can look at.
func notExist(op, p string) error {
	return &fs.PathError{Op: op, Path: path.Base(p), Err: fs.ErrNotExist}
}

func (d *idbFS) call(method string, args ...any) (js.Value, error) {
	h := d.js()
	if d.err != nil {
		return js.Undefined(), d.err
	}
	return await(h.Call(method, args...))
}

func (d *idbFS) ReadFile(p string, limit int64) ([]byte, error) {
	v, err := d.call("get", clean(p))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path.Base(p), Err: err}
	}
	if v.IsUndefined() {
		if info, err := d.Stat(p); err == nil && info.IsDir() {
			return nil, &fs.PathError{Op: "read", Path: path.Base(p), Err: errors.New("is a folder")}
		}
		return nil, notExist("open", p)
	}
	data := v.Get("data")
	if int64(data.Length()) > limit {
		return nil, fmt.Errorf("the file is too large (over %d MiB)", limit>>20)
	}
	b := make([]byte, data.Length())
	js.CopyBytesToGo(b, data)
	return b, nil
}

// WriteAtomic is one put: IndexedDB writes a record whole or not at all,
// so no temporary file is needed.
func (d *idbFS) WriteAtomic(p string, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return fmt.Errorf("cannot write %s: %w", path.Base(p), err)
	}
	return d.WriteNow(p, buf.Bytes(), false)()
}

// WriteNow begins the write (one IndexedDB transaction, committed at
// once: web/idbfs.js's write) before it returns; wait waits for it.
func (d *idbFS) WriteNow(p string, b []byte, create bool) func() error {
	h := d.js()
	if d.err != nil {
		err := d.err
		return func() error { return d.writeErr(p, err) }
	}
	data := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(data, b)
	promise := h.Call("write", clean(p), data, now(), create)
	return func() error {
		v, err := await(promise)
		if err != nil {
			return d.writeErr(p, err)
		}
		if !v.Bool() {
			return &fs.PathError{Op: "create", Path: path.Base(p), Err: fs.ErrExist}
		}
		return nil
	}
}

// writeErr puts a failed write in words: a full storage is said as it is
// (what was being written is the caller's to say: "Autosave failed: ...").
func (d *idbFS) writeErr(p string, err error) error {
	if errors.Is(err, ErrStorageFull) {
		return err
	}
	return fmt.Errorf("cannot write %s: %w", path.Base(p), err)
}

func now() float64 { return float64(time.Now().UnixMilli()) }

func (d *idbFS) CreateExclusive(p string) error {
	v, err := d.call("add", clean(p), now())
	if err != nil {
		return d.writeErr(p, err)
	}
	if !v.Bool() {
		return &fs.PathError{Op: "create", Path: path.Base(p), Err: fs.ErrExist}
	}
	return nil
}

func (d *idbFS) Rename(from, to string) error {
	v, err := d.call("rename", clean(from), clean(to))
	if err != nil {
		return d.writeErr(to, err)
	}
	if !v.Bool() {
		return notExist("rename", from)
	}
	return nil
}

func (d *idbFS) Remove(p string) error {
	v, err := d.call("remove", clean(p))
	if err != nil {
		return &fs.PathError{Op: "remove", Path: path.Base(p), Err: err}
	}
	if !v.Bool() {
		return notExist("remove", p)
	}
	return nil
}

func (d *idbFS) Stat(p string) (fs.FileInfo, error) {
	v, err := d.call("stat", clean(p))
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path.Base(p), Err: err}
	}
	if v.IsUndefined() {
		return nil, notExist("stat", p)
	}
	info := &idbInfo{name: path.Base(clean(p))}
	if v.Get("dir").Truthy() {
		info.dir = true
		return info, nil
	}
	info.size = int64(v.Get("size").Int())
	info.mod = time.UnixMilli(int64(v.Get("mtime").Float()))
	info.id = v.Get("id").Float()
	return info, nil
}

// Lstat is Stat: there are no links in IndexedDB.
func (d *idbFS) Lstat(p string) (fs.FileInfo, error) { return d.Stat(p) }

// MkdirAll does nothing: a folder is there as soon as a file is in it.
func (d *idbFS) MkdirAll(string) error { return nil }

func (d *idbFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	key := clean(dir)
	v, err := d.call("keys", key)
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: path.Base(dir), Err: err}
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for i := 0; i < v.Length(); i++ {
		rest := strings.TrimPrefix(v.Index(i).String(), key+"/")
		name, _, deeper := strings.Cut(rest, "/")
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, &idbEntry{d: d, path: key + "/" + name, dir: deeper})
	}
	if len(out) == 0 {
		// No file under it: the folder is not there (or, on a disk, empty;
		// every caller treats both alike).
		return nil, notExist("readdir", dir)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// SameFile compares the random id each write gives a file.
func (d *idbFS) SameFile(a, b fs.FileInfo) bool {
	ia, ok1 := a.(*idbInfo)
	ib, ok2 := b.(*idbInfo)
	return ok1 && ok2 && !ia.dir && ia.id == ib.id
}

// Lock holds this tab's mutex of the path, then the page's Web Lock of
// that name (navigator.locks), so that neither another goroutine nor
// another tab reads, changes and writes the same file meanwhile.
func (d *idbFS) Lock(p string, f func() error) error {
	key := clean(p)
	d.mu.Lock()
	if d.locks == nil {
		d.locks = map[string]*sync.Mutex{}
	}
	m := d.locks[key]
	if m == nil {
		m = &sync.Mutex{}
		d.locks[key] = m
	}
	d.mu.Unlock()
	m.Lock()
	defer m.Unlock()
	release, err := d.call("lock", "tabula:"+key)
	if err != nil {
		return fmt.Errorf("cannot lock %s: %w", path.Base(p), err)
	}
	if release.Type() == js.TypeFunction {
		defer release.Invoke()
	}
	return f()
}

// idbInfo is a file or folder as Stat saw it.
type idbInfo struct {
	name string
	size int64
	mod  time.Time
	id   float64
	dir  bool
}

func (i *idbInfo) Name() string       { return i.name }
func (i *idbInfo) Size() int64        { return i.size }
func (i *idbInfo) ModTime() time.Time { return i.mod }
func (i *idbInfo) IsDir() bool        { return i.dir }
func (i *idbInfo) Sys() any           { return nil }
func (i *idbInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o755
	}
	return 0o644
}

// idbEntry is one name of a ReadDir.
type idbEntry struct {
	d    *idbFS
	path string
	dir  bool
}

func (e *idbEntry) Name() string { return path.Base(e.path) }
func (e *idbEntry) IsDir() bool  { return e.dir }
func (e *idbEntry) Type() fs.FileMode {
	if e.dir {
		return fs.ModeDir
	}
	return 0
}
func (e *idbEntry) Info() (fs.FileInfo, error) { return e.d.Stat(e.path) }
