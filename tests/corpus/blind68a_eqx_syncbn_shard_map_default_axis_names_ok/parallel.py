import functools

import jax
import equinox as eqx
import optax
from jax.sharding import PartitionSpec as P

import config


def build_step(static, optim, mesh):

    def loss_fn(model, state, x, y):
        local = eqx.filter_vmap(
            model, axis_name=config.LOCAL_AXIS, in_axes=(0, None), out_axes=(0, None)
        )
        logits, state = local(x, state)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, state

    @functools.partial(
        jax.shard_map,
        mesh=mesh,
        in_specs=(P(), P(config.DATA_AXIS), P(config.DATA_AXIS)),
        out_specs=(P(), P()),
        # BatchNorm reduces over the mesh axis and the vmap axis in one pmean
        check_vma=False,
    )
    def step(arrays, x, y):
        model, state, opt_state = eqx.combine(arrays, static)
        (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(
            model, state, x, y
        )
        grads = jax.lax.pmean(grads, config.DATA_AXIS)
        loss = jax.lax.pmean(loss, config.DATA_AXIS)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        return eqx.filter((model, state, opt_state), eqx.is_array), loss

    return step
