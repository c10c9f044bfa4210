import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH_AXES = ("mdl",)


class GatheredDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x, _):
    k = self.param("kernel", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
    k = jax.lax.all_gather(k, "model", axis=1, tiled=True)
    return jnp.tanh(x @ k), None


class ScannedStack(nn.Module):
  features: int
  n_layers: int

  @nn.compact
  def __call__(self, x):
    Scanned = nn.scan(GatheredDense, variable_axes={"params": 0}, split_rngs={"params": True},
                      in_axes=nn.broadcast, length=self.n_layers)
    x, _ = Scanned(self.features)(x, None)
    return x


mesh = Mesh(np.array(jax.devices()), MESH_AXES)
model = ScannedStack(features=8, n_layers=3)
x = jnp.ones((4, 32))


def run(x):
  variables = model.init(jax.random.key(0), x)
  return model.apply(variables, x)


f = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f.trace(x).lower(lowering_platforms=("cuda",))
