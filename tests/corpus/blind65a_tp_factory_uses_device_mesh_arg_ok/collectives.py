from jax import lax as L

OPS = {
    "sum": L.psum,
    "mean": L.pmean,
    "max": L.pmax,
}
