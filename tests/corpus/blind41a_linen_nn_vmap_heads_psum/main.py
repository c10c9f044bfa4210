import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
  d_head: int

  @nn.compact
  def __call__(self, x):
    v = nn.Dense(self.d_head)(x)
    logit = nn.Dense(1)(x.mean(0))
    w = jnp.exp(logit)
    gate = w / jax.lax.psum(w, axis_name='heads')
    return gate * v


class MixtureOfHeads(nn.Module):
  n_heads: int = 4
  d_head: int = 8

  @nn.compact
  def __call__(self, x):
    heads = nn.vmap(Head, in_axes=None, out_axes=0, axis_size=self.n_heads,
                    variable_axes={'params': 0}, split_rngs={'params': True},
                    axis_name='heads')(self.d_head)
    y = heads(x)                       # [H, T, d_head]
    return nn.Dense(x.shape[-1])(jnp.moveaxis(y, 0, 1).reshape(x.shape[0], -1))


model = MixtureOfHeads()
x = jnp.ones((10, 32))
variables = jax.eval_shape(model.init, jax.random.key(0), x)
lowered = jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=('cuda',))
print(lowered is not None)
