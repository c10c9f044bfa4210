import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def project_out(w_out, h):
    # h: (d_ff,) hidden of one example, w_out: (d_ff, d_model) row-parallel
    return h @ w_out


@jax.jit
def step(w_out, hs):
    return jax.vmap(project_out, in_axes=(None, 0))(w_out, hs)


w_out = jax.device_put(jnp.ones((256, 64)), P("model", None))
hs = jax.device_put(jnp.ones((16, 256)), P("data", "model"))

lowered = step.trace(w_out, hs).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
