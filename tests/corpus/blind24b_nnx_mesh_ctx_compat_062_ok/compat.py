import jax

try:  # JAX >= 0.7
    mesh_context = jax.set_mesh
except AttributeError:  # JAX 0.6
    from jax.sharding import use_mesh as mesh_context

if hasattr(jax, "shard_map"):
    shard_map = jax.shard_map
else:
    from jax.experimental.shard_map import shard_map  # noqa: F401
