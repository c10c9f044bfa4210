import equinox as eqx
import jax


class Stage(eqx.Module):
  mlp: eqx.nn.MLP
  axis: str = eqx.field(static=True)

  def __init__(self, axis, key):
    self.mlp = eqx.nn.MLP(32, 32, 64, 1, key=key)
    self.axis = axis

  def __call__(self, x):
    y = jax.vmap(self.mlp)(x)
    perm = [(0, 1), (1, 2), (2, 3)]
    tok = jax.lax.psend(y, self.axis, perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis, perm)
