import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class LinearRegression:

  def __init__(self, mesh, axis='batch'):
    self.mesh = mesh
    self.axis = axis
    self.loss = jax.jit(jax.shard_map(self._loss, mesh=mesh,
                                      in_specs=(P(), P(axis), P(axis)),
                                      out_specs=P(), check_vma=True))

  @staticmethod
  def predict(params, x):
    w, b = params
    return x @ w + b

  def _loss(self, params, x, y):
    err = self.predict(params, x) - y
    return jnp.mean(err ** 2)


mesh = jax.make_mesh((4,), ('batch',))
model = LinearRegression(mesh)
params = (jnp.zeros((8, 1)), jnp.zeros((1,)))
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
model.loss.trace(params, x, y).lower(lowering_platforms=('cuda',))
