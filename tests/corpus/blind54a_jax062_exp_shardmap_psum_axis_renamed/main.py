import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

# renamed from "batch" when the mesh config moved to ("dp", "tp")
mesh = Mesh(np.array(jax.devices()).reshape(4, 1), ("dp", "tp"))
opt = optax.sgd(0.1)


def loss(params, x, y):
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2)


def local_grads(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    g = jax.tree.map(lambda t: jax.lax.pmean(t, "batch"), g)
    return jax.lax.pmean(l, "batch"), g


def make_step():
    grads_fn = shard_map(local_grads, mesh,
                         in_specs=(P(), P("dp"), P("dp")),
                         out_specs=(P(), P()))

    def step(params, opt_state, x, y):
        l, g = grads_fn(params, x, y)
        updates, opt_state = opt.update(g, opt_state)
        return optax.apply_updates(params, updates), opt_state, l

    return jax.jit(step)


if __name__ == "__main__":
    params = {"w1": jnp.zeros((16, 32)), "w2": jnp.zeros((32, 1))}
    step = make_step()
    x = jax.ShapeDtypeStruct((64, 16), jnp.float32)
    y = jax.ShapeDtypeStruct((64, 1), jnp.float32)
    step.trace(params, opt.init(params), x, y).lower(lowering_platforms=("tpu",))
