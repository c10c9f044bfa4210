import functools

from jax import lax

from .axes import DATA, MODEL

all_reduce_model = functools.partial(lax.psum, axis_name=MODEL)
mean_over_data = functools.partial(lax.pmean, axis_name=DATA)
