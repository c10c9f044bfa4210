import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

optim = optax.adamw(1e-3)


def make_train_step(mesh):
  batch_sharding = NamedSharding(mesh, P("data"))

  def local_grads(params, static, x, y):
    def loss_fn(params):
      model = eqx.combine(params, static)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return lax.pmean(loss, "data"), lax.pmean(grads, "data")

  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), batch_sharding)
    params, static = eqx.partition(model, eqx.is_array)
    sharded = jax.shard_map(
        lambda p, x, y: local_grads(p, static, x, y),
        mesh=mesh,
        in_specs=(P(), P("data"), P("data")),
        out_specs=(P(), P()),
        axis_names={"data", "expert"},
        check_vma=False,
    )
    loss, grads = sharded(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(model, updates), opt_state, loss

  return train_step
