import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import LMHead

VOCAB, D, TP = 1024, 128, 2

mesh = Mesh(mesh_utils.create_device_mesh((2, TP)), ("data", "model"))
h = jnp.ones((8, D), jnp.float32)

abstract = jax.eval_shape(LMHead(VOCAB).init, jax.random.PRNGKey(0), h)
specs = nn.get_partition_spec(abstract)
variables = nn.unbox(LMHead(VOCAB).init(jax.random.PRNGKey(0), h))
shard_head = LMHead(VOCAB // TP)


@jax.jit
@functools.partial(shard_map, mesh=mesh, in_specs=(specs, P("data", None)),
                   out_specs=P("data", None))
def logits_fn(variables, h):
    return shard_head.apply(variables, h)


if __name__ == "__main__":
    print(logits_fn.trace(variables, h).lower(lowering_platforms=("cuda",)).as_text()[:40])
