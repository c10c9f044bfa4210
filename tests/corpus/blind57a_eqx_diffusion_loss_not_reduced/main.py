from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

from denoiser import make_denoiser, with_sigma_channel

mesh = Mesh(np.array(jax.devices()), ("batch",))
net = make_denoiser(jax.random.key(0))
params, static = eqx.partition(net, eqx.is_array)
opt = optax.adamw(1e-4)


@eqx.filter_value_and_grad
def edm_loss(params, x, key):
  model = eqx.combine(params, static)
  ks, kn = jax.random.split(key)
  sigma = jnp.exp(jax.random.normal(ks, (x.shape[0],)) * 1.2 - 1.2)
  noisy = x + sigma[:, None, None, None] * jax.random.normal(kn, x.shape)
  inp = jax.vmap(with_sigma_channel)(noisy, sigma)
  denoised = jax.vmap(model)(inp)
  weight = (sigma ** 2 + 0.25) / (sigma * 0.5) ** 2
  return jnp.mean(weight[:, None, None, None] * (denoised - x) ** 2)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(), P("batch"), P()), out_specs=(P(), P(), P()))
def sharded_step(params, opt_state, x, key):
  key = jax.random.fold_in(key, jax.lax.axis_index("batch"))
  loss, grads = edm_loss(params, x, key)
  grads = jax.lax.pmean(grads, "batch")
  updates, opt_state = opt.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(sharded_step, donate_argnums=(0, 1))

if __name__ == "__main__":
  opt_state = opt.init(params)
  x = jax.ShapeDtypeStruct((64, 1, 28, 28), jnp.float32, sharding=NamedSharding(mesh, P("batch")))
  train_step.trace(params, opt_state, x, jax.random.key(0)).lower(lowering_platforms=("cuda",))
