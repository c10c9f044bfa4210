import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'))
mesh = jax.make_mesh((2, 2), ('data', 'model'))


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    h = nn.Dense(128, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    return nn.Dense(x.shape[-1])(nn.relu(h))


model = MLP()
x = jnp.ones((8, 32))
with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
  variables = jax.eval_shape(functools.partial(model.init, jax.random.key(0)), x)
  fwd = jax.jit(model.apply)
  print(fwd.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
