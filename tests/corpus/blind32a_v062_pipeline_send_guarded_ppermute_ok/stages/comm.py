"""Stage-to-stage transfer: psend/precv where this JAX has them, ppermute otherwise."""
import jax

if hasattr(jax.lax, "psend"):

    def shift(x, axis_name, n):
        perm = [(i, i + 1) for i in range(n - 1)]
        tok = jax.lax.psend(x, axis_name, perm)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)

else:

    def shift(x, axis_name, n):
        return jax.lax.ppermute(x, axis_name, [(i, i + 1) for i in range(n - 1)])
