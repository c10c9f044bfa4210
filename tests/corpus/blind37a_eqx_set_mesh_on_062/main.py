import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
model = eqx.nn.Linear(8, 8, key=jax.random.PRNGKey(0))

with jax.set_mesh(mesh):
    xs = jax.device_put(jnp.ones((16, 8)), P("batch"))
    params, static = eqx.partition(model, eqx.is_array)
    fwd = jax.jit(lambda p, x: jax.vmap(eqx.combine(p, static))(x))
    print(fwd.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:10])
