"""A project `Compiled` decorator class (no functools.wraps) that stores the jitted function on the
instance and forwards __call__ and lower(); its shard_map was refactored away, the specs are
now unused."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("tp",))


class Compiled:
    def __init__(self, fn, in_specs, out_specs):
        self._fn = jax.jit(fn)
        self.specs = (in_specs, out_specs)

    def __call__(self, *args):
        return self._fn(*args)

    def lower_for(self, platform, *args):
        return self._fn.trace(*args).lower(lowering_platforms=(platform,))


def compiled(in_specs, out_specs):
    return lambda fn: Compiled(fn, in_specs, out_specs)


@compiled(in_specs=(P(None, "tp"), P("tp", None)), out_specs=P())
def row_parallel(x, w):
    return jax.lax.psum(x @ w, "tp")


row_parallel.lower_for("cuda", jax.ShapeDtypeStruct((8, 256), jnp.float32),
                       jax.ShapeDtypeStruct((256, 64), jnp.float32))
