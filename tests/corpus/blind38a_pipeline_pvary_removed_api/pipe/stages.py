import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

STAGE_AXIS = "stage"


def make_stacked_layers(num_stages, dim, key):
    """One eqx.nn.Linear per pipeline stage, stacked along a leading axis."""

    def make_layer(k):
        return eqx.nn.Linear(dim, dim, key=k)

    return eqx.filter_vmap(make_layer)(jr.split(key, num_stages))


def stage_forward(layer_params, static, x):
    # layer_params has a leading axis of size 1 on each device inside shard_map.
    layer = eqx.combine(jax.tree.map(lambda a: a[0], layer_params), static)
    return jax.vmap(layer)(x)


def shift_to_next_stage(x, num_stages):
    perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
    return jax.lax.ppermute(x, STAGE_AXIS, perm)


def gpipe(layer_params, microbatches, static, num_stages):
    """Naive GPipe schedule: every stage runs every tick, activations move one stage right."""
    stage = jax.lax.axis_index(STAGE_AXIS)
    n_micro = microbatches.shape[0]
    state = jnp.zeros_like(microbatches[0])
    outputs = jnp.zeros_like(microbatches)
    # the carry varies over stages once the loop runs: mark the initial value so
    state, outputs = jax.lax.pvary((state, outputs), STAGE_AXIS)

    def tick(carry, t):
        state, outputs = carry
        inject = microbatches[jnp.minimum(t, n_micro - 1)]
        state = jnp.where(stage == 0, inject, state)
        state = jnp.tanh(stage_forward(layer_params, static, state))
        done = t - (num_stages - 1)
        outputs = jnp.where(
            (stage == num_stages - 1) & (done >= 0),
            outputs.at[jnp.maximum(done, 0)].set(state),
            outputs,
        )
        state = shift_to_next_stage(state, num_stages)
        return (state, outputs), None

    (state, outputs), _ = jax.lax.scan(tick, (state, outputs), jnp.arange(n_micro + num_stages - 1))
    return jax.lax.psum(outputs, STAGE_AXIS)
