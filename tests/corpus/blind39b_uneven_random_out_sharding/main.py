import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((4,), ("data",)))


@jax.jit
def sample_and_score(key, w):
    noise = jax.random.normal(key, (10, 32), out_sharding=P("data", None))
    return jax.vmap(lambda z: jnp.tanh(z @ w))(noise)


w = jnp.ones((32, 32))
print(sample_and_score.trace(jax.random.key(0), w).lower(lowering_platforms=("cuda",)).as_text()[:40])
