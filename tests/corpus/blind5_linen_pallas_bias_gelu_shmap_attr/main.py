import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import FusedMLP

mesh = jax.sharding.Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = FusedMLP(hidden=512, out=128, mesh=mesh)
x = jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh, P('data', None)))

abstract = jax.eval_shape(model.init, jax.random.key(0), x)
shardings = nn.get_sharding(abstract, mesh)
params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
                      nn.unbox(abstract), nn.unbox(shardings))


@jax.jit
def predict(params, x):
  return model.apply(params, x)


predict.trace(params, x).lower(lowering_platforms=("tpu",))
