/*
 * Test-only stand-in for Windows' bcryptprimitives.dll, for the smoke run
 * of Tabula.exe under Wine (scripts/smoke-windows.sh). Never shipped: it is
 * built at test time into the test's own Wine prefix and removed with it.
 *
 * Why: since Go 1.22 a Windows program's runtime draws its random bytes
 * from ProcessPrng in bcryptprimitives.dll and stops at once ("fatal error:
 * bcryptprimitives.dll not found") when the DLL is missing, as it is in
 * Debian bookworm's Wine 8.0. Windows 10 and later have it.
 *
 * ProcessPrng is given here over advapi32's SystemFunction036 (RtlGenRandom),
 * which Wine has: the same kind of cryptographic random bytes.
 */
#include <windows.h>

/* advapi32's RtlGenRandom, declared here because ntsecapi.h only names it
 * through a macro. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* ProcessPrng fills data with size random bytes. Windows documents that it
 * always returns TRUE; this one says FALSE if Wine could not give them, so
 * that Go stops with an error rather than go on with zeros. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!SystemFunction036(data, chunk))
			return FALSE;
		data += chunk;
		size -= chunk;
	}
	return TRUE;
}
