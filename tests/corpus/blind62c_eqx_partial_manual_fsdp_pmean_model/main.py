"""FSDP over the `data` axis with a partially-manual shard_map: params are stored sharded along
their leading dim, all-gathered inside the body; the `model` axis is left to the compiler."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Regressor


def fsdp_spec(leaf):
  return P("data") if leaf.shape[0] % 2 == 0 else P()


def gather_params(params, specs):
  def gather(p, spec):
    if spec == P("data"):
      return jax.lax.all_gather(p, "data", axis=0, tiled=True)
    return p
  return jax.tree_util.tree_map(gather, params, specs)


def make_train_step(mesh, static, param_specs, opt):
  def loss_fn(params, x, y):
    model = eqx.combine(gather_params(params, param_specs), static)
    pred = jax.vmap(model)(x)
    return jnp.mean(optax.l2_loss(pred, y))

  def local_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    # all_gather's transpose already summed grads over `data`; average the loss for logging
    loss = jax.lax.pmean(loss, ("data", "model"))
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  def train_step(params, opt_state, x, y):
    state_specs = optax.tree_utils.tree_map_params(opt, lambda _, s: s, opt_state, param_specs,
                                                   transform_non_params=lambda _: P())
    step = jax.shard_map(
        local_step, mesh=mesh, axis_names={"data"},
        in_specs=(param_specs, state_specs, P("data"), P("data")),
        out_specs=(param_specs, state_specs, P()))
    return step(params, opt_state, x, y)

  return jax.jit(train_step, donate_argnums=(0, 1))


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  model = Regressor(16, 64, 2, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_inexact_array)
  param_specs = jax.tree_util.tree_map(fsdp_spec, params)
  params = jax.device_put(params, jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), param_specs))
  opt = optax.adamw(3e-4)
  opt_state = opt.init(params)
  step = make_train_step(mesh, static, param_specs, opt)
  x = jnp.ones((8, 16))
  y = jnp.zeros((8, 2))
  step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
