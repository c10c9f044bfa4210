import equinox as eqx
import jax
import optax
from jax.sharding import PartitionSpec as P


def make_train_step(mesh, optim, static, loss_fn, data_axis="dp"):
    """Returns a jitted, shard_mapped train step: batch split over `data_axis`, params and
    optimizer state replicated."""

    def step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
        grads = eqx.filter(grads, eqx.is_inexact_array)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, jax.lax.pmean(loss, data_axis)

    step = jax.shard_map(
        step,
        mesh=mesh,
        in_specs=(P(), P(), P(data_axis), P(data_axis)),
        out_specs=(P(), P(), P()),
    )
    return jax.jit(step, donate_argnums=(0, 1))
