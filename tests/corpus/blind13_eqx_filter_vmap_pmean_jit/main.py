import equinox as eqx
import jax
import jax.numpy as jnp


class Centered(eqx.Module):
  linear: eqx.nn.Linear

  def __call__(self, x):
    y = self.linear(x)
    return y - jax.lax.pmean(y, 'batch')


@eqx.filter_jit
def forward(model, xs):
  return eqx.filter_vmap(model, axis_name='batch')(xs)


if __name__ == '__main__':
  model = Centered(eqx.nn.Linear(4, 3, key=jax.random.key(0)))
  xs = jnp.ones((8, 4))
  jax.jit(lambda xs: forward(model, xs)).trace(xs).lower(lowering_platforms=('cuda',))
