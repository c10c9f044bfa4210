import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class Reg(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(5, 1, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)[0]


def example_loss(model, x, y):
  return (model(x) - y) ** 2


def clip(g, max_norm=1.0):
  norm = jnp.sqrt(sum(jnp.sum(l ** 2) for l in jax.tree.leaves(g)))
  mean_norm = jax.lax.pmean(norm, 'batch')
  scale = jnp.minimum(1.0, max_norm / (mean_norm + 1e-6))
  return jax.tree.map(lambda l: l * scale, g)


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
def dp_sgd_grads(model, xs, ys):
  per_ex = nnx.vmap(lambda m, x, y: clip(nnx.grad(example_loss)(m, x, y)),
                    in_axes=(None, 0, 0))(model, xs, ys)
  g = jax.tree.map(lambda l: l.mean(0), per_ex)
  return jax.lax.pmean(g, 'data')


model = Reg(nnx.Rngs(0))
dp_sgd_grads.trace(model, jnp.ones((8, 5)), jnp.ones((8,))).lower(lowering_platforms=('cuda',))
print('ok')
