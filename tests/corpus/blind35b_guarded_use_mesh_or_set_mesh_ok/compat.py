import jax

if hasattr(jax.sharding, "use_mesh"):
    mesh_context = jax.sharding.use_mesh
else:
    mesh_context = jax.set_mesh
