import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from fsdp import FSDP_AXIS
from model import init_params, loss_fn

tx = optax.adam(1e-3)


def main():
  mesh = Mesh(np.array(jax.devices()), (FSDP_AXIS,))
  params = init_params(jax.random.PRNGKey(0), [128, 512, 512, 16])
  opt_state = tx.init(params)

  param_specs = [{"w": P(FSDP_AXIS, None), "b": P()} for _ in params]
  opt_specs = jax.tree.map(lambda _: P(), opt_state)
  opt_specs = (opt_specs[0]._replace(mu=param_specs, nu=param_specs), opt_specs[1])

  def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    loss = lax.pmean(loss, FSDP_AXIS)
    grads = jax.tree.map(lambda g, s: g if s == P(FSDP_AXIS, None) else lax.pmean(g, FSDP_AXIS),
                         grads, param_specs)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  step = jax.shard_map(train_step, mesh=mesh,
                       in_specs=(param_specs, opt_specs, P(FSDP_AXIS), P(FSDP_AXIS)),
                       out_specs=(param_specs, opt_specs, P()))
  x = jnp.zeros((64, 128))
  y = jnp.zeros((64, 16))
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
