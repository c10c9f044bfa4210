import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from vector_field import Func

T1, NUM_STEPS = 1.0, 32


def euler_solve(func, y0):
    """Fixed-step Euler from t=0 to T1, also returning the kinetic-energy regulariser."""
    dt = T1 / NUM_STEPS

    def step(carry, t):
        y, kinetic = carry
        f = jax.vmap(func, in_axes=(None, 0, None))(t, y, None)
        kinetic = kinetic + dt * jnp.mean(jnp.sum(f**2, axis=-1))
        return (y + dt * f, kinetic), None

    ts = jnp.linspace(0.0, T1, NUM_STEPS, endpoint=False)
    kinetic0 = jax.lax.pcast(jnp.zeros(()), "batch", to="varying")
    (y1, kinetic), _ = jax.lax.scan(step, (y0, kinetic0), ts)
    return y1, kinetic


def main():
    mesh = Mesh(np.array(jax.devices()), ("batch",))
    func = Func(data_size=2, width_size=64, depth=2, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(func, eqx.is_array)

    @jax.jit
    @ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                out_specs=P())
    def loss(params, y0, y_target):
        func = eqx.combine(params, static)
        y1, kinetic = euler_solve(func, y0)
        mse = jnp.mean((y1 - y_target) ** 2)
        return jax.lax.pmean(mse + 0.01 * kinetic, "batch")

    y0 = jnp.zeros((256, 2), jnp.float32)
    loss.trace(params, y0, y0).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
