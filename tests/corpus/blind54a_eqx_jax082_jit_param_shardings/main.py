import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from sharding_rules import linear_specs

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3))


def loss(params, static, x, y):
    model = eqx.combine(params, static)
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def build(key):
    model = eqx.nn.MLP(128, 128, width_size=512, depth=3, activation=jax.nn.gelu, key=key)
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = tx.init(params)
    p_sh = linear_specs(params, mesh)
    o_sh = jax.tree.map(lambda _: NamedSharding(mesh, P()), opt_state)
    b_sh = NamedSharding(mesh, P("data"))

    def step(params, opt_state, x, y):
        l, g = jax.value_and_grad(loss)(params, static, x, y)
        updates, opt_state = tx.update(g, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, l

    step = jax.jit(step, in_shardings=(p_sh, o_sh, b_sh, b_sh),
                   out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())))
    return step, params, opt_state


if __name__ == "__main__":
    step, params, opt_state = build(jax.random.key(0))
    x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
    step.trace(params, opt_state, x, x).lower(lowering_platforms=("tpu",))
