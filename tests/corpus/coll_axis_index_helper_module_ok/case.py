import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rope import apply_rope

mesh = Mesh(np.array(jax.devices()[:4]), ("sp",))


@jax.jit
def embed(tokens, table):
    gather = jax.shard_map(lambda t, tab: apply_rope(tab[t]), mesh=mesh,
                           in_specs=(P("sp"), P()), out_specs=P("sp"))
    return gather(tokens, table)


def run(tokens, table):
    return embed(tokens, table)


ARGS = (jax.ShapeDtypeStruct((128,), jnp.int32), jax.ShapeDtypeStruct((1000, 64), jnp.float32))
