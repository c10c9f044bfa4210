import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import MlpBlock

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
block = MlpBlock(mlp_dim=512)
x = jnp.ones((32, 256), jnp.float32)

abstract = jax.eval_shape(block.init, jax.random.key(0), x)
specs = nn.get_partition_spec(abstract)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
                      nn.unbox(abstract), shardings)


def per_replica(params, x):
  # manual over the batch axis only; the model axis stays automatic inside
  return block.apply(params, x)


step = jax.jit(jax.shard_map(per_replica, mesh=mesh, in_specs=(P(), P('data')),
                             out_specs=P('data'), axis_names={'data'}, check_vma=False))
step.trace(params, jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, P('data'))))\
    .lower(lowering_platforms=("tpu",))
