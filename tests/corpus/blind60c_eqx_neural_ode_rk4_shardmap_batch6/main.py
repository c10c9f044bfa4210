from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class VectorField(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, dim, width, depth, *, key):
    self.mlp = eqx.nn.MLP(dim + 1, dim, width, depth, activation=jax.nn.softplus,
                          final_activation=jnp.tanh, key=key)

  def __call__(self, t, y):
    return self.mlp(jnp.concatenate([y, t[None]]))


class NeuralODE(eqx.Module):
  field: VectorField

  def __call__(self, ts, y0):
    def rk4(y, t_pair):
      t0, t1 = t_pair
      h = t1 - t0
      k1 = self.field(t0, y)
      k2 = self.field(t0 + h / 2, y + h / 2 * k1)
      k3 = self.field(t0 + h / 2, y + h / 2 * k2)
      k4 = self.field(t1, y + h * k3)
      y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
      return y, y

    _, ys = jax.lax.scan(rk4, y0, (ts[:-1], ts[1:]))
    return jnp.concatenate([y0[None], ys])


mesh = Mesh(np.array(jax.devices()), ("data",))
optim = optax.adabelief(3e-3)


def loss_fn(model, ts, ys):
  pred = jax.vmap(model, in_axes=(None, 0))(ts, ys[:, 0])
  return jnp.mean((pred - ys) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P(), P("data")), out_specs=(P(), P(), P()))
def sharded_step(params, opt_state, ts, ys):
  model = eqx.combine(params, static)
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, ts, ys)
  grads = jax.lax.pmean(grads, "data")
  loss = jax.lax.pmean(loss, "data")
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, loss


model = NeuralODE(VectorField(2, 64, 2, key=jax.random.key(0)))
params, static = eqx.partition(model, eqx.is_inexact_array)


def main():
  opt_state = optim.init(params)
  ts = jnp.linspace(0.0, 1.0, 20)
  batch_size = 6
  ys = jax.ShapeDtypeStruct((batch_size, 20, 2), jnp.float32)
  jax.jit(sharded_step).trace(params, opt_state, ts, ys).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
