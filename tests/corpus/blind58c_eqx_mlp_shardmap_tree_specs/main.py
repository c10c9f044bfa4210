import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from model import make_regressor, mse_loss

mesh = jax.make_mesh((4,), ("data",))
optim = optax.adamw(3e-4, weight_decay=1e-4)


def local_step(params, opt_state, x, y, *, static):
    loss, grads = jax.value_and_grad(mse_loss)(params, static, x, y)
    grads = lax.pmean(grads, "data")
    loss = lax.pmean(loss, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, loss


def build_train_step(params, opt_state, static):
    # every parameter / optimizer leaf is replicated, the batch is split over "data"
    param_specs = jax.tree.map(lambda _: P(), params)
    opt_specs = jax.tree.map(lambda _: P(), opt_state)
    step = jax.shard_map(
        functools.partial(local_step, static=static),
        mesh=mesh,
        in_specs=(param_specs, opt_specs, P("data"), P("data")),
        out_specs=(param_specs, opt_specs, P()),
    )
    return jax.jit(step, donate_argnums=(0, 1))


def main():
    model = make_regressor(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)
    train_step = build_train_step(params, opt_state, static)
    batch = NamedSharding(mesh, P("data"))
    x = jax.ShapeDtypeStruct((256, 16), jnp.float32, sharding=batch)
    y = jax.ShapeDtypeStruct((256, 4), jnp.float32, sharding=batch)
    train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
