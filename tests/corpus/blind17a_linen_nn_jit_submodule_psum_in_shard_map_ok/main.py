import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class PartialDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    return jax.lax.psum(nn.Dense(self.features, use_bias=False)(x), "tp")


class Model(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.jit(PartialDense)(32, name="partial")(x)
    return nn.Dense(4)(nn.relu(x))


mesh = Mesh(np.array(jax.devices()), ("tp",))
model = Model()
x = jnp.ones((8, 16))
sm = jax.shard_map(lambda x: model.apply(model.init(jax.random.key(0), x), x), mesh=mesh,
                   in_specs=P(None, "tp"), out_specs=P(), check_vma=False)
jax.jit(sm).trace(x).lower(lowering_platforms=("cuda",))
