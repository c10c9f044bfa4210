import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh

from net import make_net
from trainer import Trainer

if __name__ == "__main__":
  mesh = Mesh(jax.devices(), ("batch",))
  model = make_net(64, 256, 10, jax.random.key(0))
  optim = optax.lion(1e-4)
  trainer = Trainer(optim, mesh)
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)

  def one_step(params, opt_state, x, y):
    _, opt_state, metrics = trainer.step(eqx.combine(params, static), opt_state, x, y)
    return opt_state, metrics

  x, y = jnp.zeros((64, 64)), jnp.zeros((64,), jnp.int32)
  jax.jit(one_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
