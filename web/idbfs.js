// The JavaScript half of Tabula's storage in the browser (settings'
// idbFS, settings/fsys_js.go): IndexedDB transactions, written in
// JavaScript so that their requests chain inside the transaction (a
// transaction commits as soon as it has no request pending when control
// goes back to the browser, so it cannot wait for Go).
//
// It is a file of its own, not a string the Go side evaluates, so that a
// page whose Content-Security-Policy refuses eval can run it: the page
// (index.html) loads it before wasm_exec.js, and the settings package's
// tests under Node load this same file (make test-web-store, node
// --require). It defines one global, tabulaIDB; every method returns a
// Promise. A file is a record {data: Uint8Array, mtime: ms, id: random}
// under its path; folders are implied by the paths.
globalThis.tabulaIDB = (() => {
	"use strict";
	const DB = "tabula-files", STORE = "files";
	let opened = null, db = null;
	const open = () => {
		if (!opened) opened = new Promise((resolve, reject) => {
			if (typeof indexedDB === "undefined") {
				reject(new DOMException("this browser keeps no data for web pages (IndexedDB is missing)", "NotSupportedError"));
				return;
			}
			const r = indexedDB.open(DB, 1);
			r.onupgradeneeded = () => r.result.createObjectStore(STORE);
			r.onsuccess = () => { db = r.result; resolve(db); };
			r.onerror = () => { opened = null; reject(r.error); };
		});
		return opened;
	};
	const under = (dir) => IDBKeyRange.bound(dir + "/", dir + "/\uffff");
	// txn does body(store, set) in one transaction of the open database,
	// begun before it returns, and resolves with what body set once the
	// transaction has committed. A write is "strict": on the disk when it
	// completes, as the native build's fsync. commit: body places all its
	// requests at once, and the transaction is committed at once
	// (tx.commit()): Chromium drops a transaction left to commit by itself
	// when the page unloads, even one begun in pagehide, and keeps one
	// committed so.
	const txn = (d, mode, body, commit) => new Promise((resolve, reject) => {
		const tx = d.transaction(STORE, mode, mode === "readwrite" ? {durability: "strict"} : undefined);
		let out;
		body(tx.objectStore(STORE), (v) => { out = v; });
		tx.oncomplete = () => resolve(out);
		tx.onabort = () => reject(tx.error || new DOMException("the write was cancelled", "AbortError"));
		if (commit && typeof tx.commit === "function") tx.commit();
	});
	const run = (mode, body) => open().then((d) => txn(d, mode, body, false));
	const h = {
		fault: "", // tests: the name of a DOMException every write fails with
		failWrite() {
			return h.fault ? Promise.reject(new DOMException("simulated failure", h.fault)) : null;
		},
		get: (key) => run("readonly", (st, set) => {
			const r = st.get(key);
			r.onsuccess = () => set(r.result);
		}),
		// write replaces a file (create false) or makes one that must not
		// exist yet (create true; resolves false if one has the name). Once
		// the database is open (the app has read its files long before)
		// its transaction is begun and committed before write returns, so
		// a write asked for in pagehide survives the page.
		write(key, data, mtime, create) {
			const failed = h.failWrite();
			if (failed) return failed;
			const body = (st, set) => {
				const rec = {data, mtime, id: Math.random()};
				set(true);
				if (!create) { st.put(rec, key); return; }
				const r = st.add(rec, key);
				r.onerror = (e) => {
					if (r.error && r.error.name === "ConstraintError") {
						e.preventDefault(); // not a failure of the transaction
						set(false);
					}
				};
			};
			return db ? txn(db, "readwrite", body, true) : open().then((d) => txn(d, "readwrite", body, true));
		},
		put: (key, data, mtime) => h.write(key, data, mtime, false),
		// add creates an empty file if none has the name: true if it did.
		add: (key, mtime) => h.write(key, new Uint8Array(0), mtime, true),
		// rename moves a file over another: false if from is missing.
		rename(from, to) {
			return h.failWrite() || run("readwrite", (st, set) => {
				const r = st.get(from);
				r.onsuccess = () => {
					if (r.result === undefined) { set(false); return; }
					st.put(r.result, to);
					st.delete(from);
					set(true);
				};
			});
		},
		// remove deletes a file: false if it is missing.
		remove: (key) => run("readwrite", (st, set) => {
			const r = st.getKey(key);
			r.onsuccess = () => {
				if (r.result === undefined) { set(false); return; }
				st.delete(key);
				set(true);
			};
		}),
		// stat gives {size, mtime, id} of a file, {dir: true} for a folder
		// (a path some file is under), or undefined.
		stat: (key) => run("readonly", (st, set) => {
			const r = st.get(key);
			r.onsuccess = () => {
				if (r.result !== undefined) {
					set({size: r.result.data.length, mtime: r.result.mtime, id: r.result.id});
					return;
				}
				const c = st.count(under(key));
				c.onsuccess = () => set(c.result > 0 ? {dir: true} : undefined);
			};
		}),
		// keys lists the paths of every file under a folder.
		keys: (dir) => run("readonly", (st, set) => {
			const r = st.getAllKeys(under(dir));
			r.onsuccess = () => set(r.result);
		}),
		// setTime changes a file's modification time (tests).
		setTime: (key, mtime) => run("readwrite", (st) => {
			const r = st.get(key);
			r.onsuccess = () => { if (r.result !== undefined) st.put({...r.result, mtime}, key); };
		}),
		// lock waits for the named lock of every tab of the page and
		// resolves with the function that releases it; null where the
		// browser has no Web Locks (one tab's mutex is all there is).
		lock(name) {
			if (typeof navigator === "undefined" || !navigator.locks) return Promise.resolve(null);
			return new Promise((resolve, reject) => {
				navigator.locks.request(name, () => new Promise((release) => resolve(release))).catch(reject);
			});
		},
	};
	return h;
})();
