import atexit
import os
import shutil
import tempfile

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The result cache of this test session lives in a temporary folder, removed at exit: the suite
# never reads (nor fills) a user's ~/.cache/ordertheory. Child processes inherit the variable.
_CACHE = tempfile.mkdtemp(prefix="ordertheory-test-cache-")
os.environ["ORDERTHEORY_CACHE"] = _CACHE
os.environ.pop("ORDERTHEORY_NO_CACHE", None)
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
