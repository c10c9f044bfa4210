import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, reshard

init_fn = nnx.initializers.lecun_normal()


class ElmanCell(nnx.Module):

  def __init__(self, din: int, dhidden: int, *, rngs: nnx.Rngs):
    self.w_in = nnx.Param(init_fn(rngs.params(), (din, dhidden)), out_sharding=(None, 'model'))
    self.w_rec = nnx.Param(init_fn(rngs.params(), (dhidden, dhidden)), out_sharding=(None, 'model'))
    self.b = nnx.Param(jnp.zeros((dhidden,)), out_sharding=('model',))

  def __call__(self, h, x):
    h_new = jnp.tanh(x @ self.w_in[...] + h @ self.w_rec[...] + self.b[...])
    # keep the carry's sharding fixed across steps: gather the hidden dim back
    h_new = reshard(h_new, P('data', None))
    return h_new, h_new


class RNN(nnx.Module):

  def __init__(self, din: int, dhidden: int, *, rngs: nnx.Rngs):
    self.dhidden = dhidden
    self.cell = ElmanCell(din, dhidden, rngs=rngs)
    self.head = nnx.Linear(dhidden, 1, rngs=rngs)

  def __call__(self, xs):
    # xs: [time, batch, features], batch sharded over 'data'
    h0 = jnp.zeros((xs.shape[1], self.dhidden), out_sharding=P('data', None))

    @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def unroll(cell, h, x):
      return cell(h, x)

    h, _ = unroll(self.cell, h0, xs)
    return self.head(h)
