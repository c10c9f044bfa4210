import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Member(nn.Module):
  classes: int

  @nn.compact
  def __call__(self, x):
    logits = nn.Dense(self.classes)(nn.tanh(nn.Dense(32)(x)))
    everyone = lax.all_gather(logits, 'ens')
    return logits - everyone.mean(axis=0)


class Ensemble(nn.Module):
  size: int = 4

  @nn.compact
  def __call__(self, x):
    members = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=self.size, axis_name='ens')
    return members(10)(x)


model = Ensemble()
x = jnp.ones((8, 20))
jax.jit(model.init).trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',))
p = jax.eval_shape(model.init, jax.random.key(0), x)
jax.jit(model.apply).trace(p, x).lower(lowering_platforms=('cuda',))
