"""ZeRO-style gradient sharding inside jax.shard_map: every gradient leaf of the Equinox MLP is
reduce-scattered along its leading dimension over 'data', the optimizer updates the local slice,
and the updated slices are all-gathered back (JAX shard_map tutorial, psum_scatter section)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "data"


def reduce_scatter_grads(grads):
    return jax.tree.map(lambda g: lax.psum_scatter(g, AXIS, scatter_dimension=0, tiled=True), grads)


def gather_params(shards):
    return jax.tree.map(lambda s: lax.all_gather(s, AXIS, axis=0, tiled=True), shards)


def slice_local(params):
    idx = lax.axis_index(AXIS)
    n = lax.axis_size(AXIS)
    return jax.tree.map(
        lambda p: lax.dynamic_slice_in_dim(p, idx * (p.shape[0] // n), p.shape[0] // n), params)


def make_step(static, lr=1e-2):
    def loss_fn(params, x, y):
        model = eqx.combine(params, static)
        logits = jax.vmap(model)(x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))

    def step(params, x, y):
        grads = jax.grad(loss_fn)(params, x, y)
        g_shards = reduce_scatter_grads(grads)
        p_shards = slice_local(params)
        p_shards = jax.tree.map(lambda p, g: p - lr * g, p_shards, g_shards)
        return gather_params(p_shards)

    return step


def main():
    mesh = Mesh(np.array(jax.devices()), (AXIS,))
    model = eqx.nn.MLP(784, 10, width_size=256, depth=2, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    rep = jax.tree.map(lambda _: P(), params)
    step = jax.shard_map(make_step(static), mesh=mesh, in_specs=(rep, P(AXIS), P(AXIS)),
                         out_specs=rep, check_vma=False)
    x = jax.ShapeDtypeStruct((512, 784), jnp.float32)
    y = jax.ShapeDtypeStruct((512,), jnp.int32)
    jax.jit(step).trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
