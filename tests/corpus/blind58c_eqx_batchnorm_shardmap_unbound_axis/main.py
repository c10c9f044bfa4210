import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from layers import ResNetMLP

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def per_device_loss(params, state, x, labels, static):
    model = eqx.combine(params, static)
    # per-device batch: map the model over the local examples
    logits, state = jax.vmap(model, in_axes=(0, None), out_axes=(0, None))(x, state)
    logp = jax.nn.log_softmax(logits)
    loss = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))
    return lax.pmean(loss, "data"), state


def main():
    model, state = eqx.nn.make_with_state(ResNetMLP)(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    rep = lambda tree: jax.tree.map(lambda _: P(), tree)

    loss_fn = jax.shard_map(
        functools.partial(per_device_loss, static=static),
        mesh=mesh,
        in_specs=(rep(params), rep(state), P("data"), P("data")),
        out_specs=(P(), rep(state)),
        check_vma=False,
    )
    x = jnp.zeros((64, 32))
    labels = jnp.zeros((64,), jnp.int32)
    jax.jit(loss_fn).trace(params, state, x, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
