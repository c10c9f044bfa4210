import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)


class Head(eqx.Module):
    proj: eqx.nn.Linear

    def __call__(self, h):
        h = jax.sharding.reshard(h, P("data", None))
        return jax.vmap(self.proj)(h)


with jax.sharding.use_mesh(mesh):
    head = Head(eqx.nn.Linear(64, 10, key=jax.random.PRNGKey(0)))
    h = jax.device_put(jnp.ones((8, 64)), P("data", "model"))
    arrays, static = eqx.partition(head, eqx.is_array)
    f = jax.jit(lambda a, x: eqx.combine(a, static)(x))
    print(f.trace(arrays, h).lower(lowering_platforms=("cuda",)).as_text()[:20])
