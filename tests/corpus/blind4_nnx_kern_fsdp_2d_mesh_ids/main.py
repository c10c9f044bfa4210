import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import FSDPMLP

DATA, FSDP = 'data', 'fsdp'
# hybrid sharding: replicate over `data` (2 groups), shard parameters over `fsdp` inside a group
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, FSDP))
n = mesh.shape[FSDP]

model = FSDPMLP(256, 512, axis_name=FSDP, num_shards=n, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(FSDP), P((DATA, FSDP))),
                       out_specs=P((DATA, FSDP)), check_vma=False)(model, x)


x = jnp.ones((32, 256))
forward.trace(model, x).lower(lowering_platforms=('tpu',))
