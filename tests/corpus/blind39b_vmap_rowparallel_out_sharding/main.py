import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def project_out(w_out, h):
    # row-parallel: say how the reduced result is laid out
    return jnp.einsum("f,fd->d", h, w_out, out_sharding=P(None))


@jax.jit
def step(w_out, hs):
    return jax.vmap(project_out, in_axes=(None, 0))(w_out, hs)


w_out = jax.device_put(jnp.ones((256, 64)), P("model", None))
hs = jax.device_put(jnp.ones((16, 256)), P("data", "model"))

lowered = step.trace(w_out, hs).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
