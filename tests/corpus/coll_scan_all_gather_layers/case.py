import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("tp",))


def layer(h, w):
    out = lax.all_gather(h @ w, "tp", axis=1, tiled=True)
    return jax.nn.relu(out), None


def stack(h, ws):
    h, _ = lax.scan(layer, h, ws)
    return h


def run(h, ws):
    f = jax.shard_map(stack, mesh=mesh, in_specs=(P(), P(None, None, "tp")), out_specs=P(), check_vma=False)
    return f(h, ws)


ARGS = (jax.ShapeDtypeStruct((8, 32), jnp.float32), jax.ShapeDtypeStruct((3, 32, 32), jnp.float32))
