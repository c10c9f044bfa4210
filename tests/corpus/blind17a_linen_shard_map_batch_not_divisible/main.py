import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nn.Module):
  n_classes: int = 10

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(64)(x))
    return nn.Dense(self.n_classes)(x)


def make_eval(model, mesh):
  def acc(params, x, y):
    pred = model.apply(params, x).argmax(-1)
    return jax.lax.pmean(jnp.mean(pred == y), "batch")

  return jax.jit(jax.shard_map(acc, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                               out_specs=P()))


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = Classifier()
params = model.init(jax.random.key(0), jnp.ones((1, 20)))
eval_fn = make_eval(model, mesh)
last_x, last_y = jnp.ones((10, 20)), jnp.zeros((10,), jnp.int32)
eval_fn.trace(params, last_x, last_y).lower(lowering_platforms=("cuda",))
